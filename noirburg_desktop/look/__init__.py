"""What the player sees: colours and fonts, card art, the shipped assets, colour-vision
checks and the text probe the layout tests read (docs/architecture.md).

Importing the package registers the card-art generator with `resources` (see
`resources.CardArt`), so card faces render in any language whichever module asked.
"""

from noirburg_desktop.look import cardart as _cardart  # noqa: F401 - registers itself

"""What the player sees: colours and fonts, card art, the shipped assets, colour-vision
checks and the text probe the layout tests read (docs/architecture.md)."""

"""The window side of play across machines: the host / join / lobby screens and a
table driven by one remote seat. The wire (protocol, host, client, beacon) lives in
`noirburg_desktop.net`; this package only speaks to it through `feed.SeatLink`."""

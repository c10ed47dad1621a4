"""The card table: layout, drawing, drag-and-drop intents and the TableScene."""

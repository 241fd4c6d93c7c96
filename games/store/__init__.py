"""The event store and its archive: writing and replaying match events, exporting and checking them."""

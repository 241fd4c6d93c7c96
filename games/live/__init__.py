"""Live play: the websocket consumers, who may act, the fan-out of updates, socket limits, presence."""

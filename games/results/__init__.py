"""Results of finished matches: the record of each seat and the projections fed from them."""

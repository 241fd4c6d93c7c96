"""What the site says about each game: titles, option metadata, parameters, the AI levels in words."""

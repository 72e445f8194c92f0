"""The site's HTTP views, one module a feature: boards (the board pages and actions), sharing
(links, copies, pictures, embeds and snapshots), cards, classroom, teaching and what-if; what they
share is in common."""

"""What the plugin makes of a site's chapters: which systems its pages use, each chapter's
reference and roller pages, links from names in cards to the reference, and search results
that name their game."""

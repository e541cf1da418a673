"""What a rules author runs: ``rules-reference``, the command line of the distribution
(:mod:`~site_plugins.authoring.cli`), and the new system it scaffolds in a site of their own
(:mod:`~site_plugins.authoring.new_system`)."""

"""What a built site ships beside its pages, for any generator: the stylesheet with the tones'
rules, the page's one script and the engine's worker (each joined from its modules by
:mod:`~site_plugins.examples.shipping.bundle`), the browser engine and, where the author asks
for it, the Content-Security-Policy
(:mod:`~site_plugins.examples.shipping.files`, which the MkDocs plugin's hooks call), and the
step that writes them after a build by a generator that runs no MkDocs plugin, Zensical
(``python -m site_plugins.examples.shipping <site> --docs <docs>``, :mod:`.__main__`).

No MkDocs types here.
"""

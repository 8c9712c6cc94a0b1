"""The GM's prep editors (minor NPCs, monsters, obstacles, countdowns, scenes, sessions, arcs).

Importing this package registers each editor for its entry kind with `register_editor`.
"""

from __future__ import annotations

from importlib import import_module

from ..editors import register_editor


def _lazy(module: str, name: str):
    """A factory that imports its editor module only when a tab of that kind opens."""
    def factory(document, entity_id, parent=None):
        return getattr(import_module(f"{__name__}.{module}"), name)(document, entity_id, parent)
    return factory


register_editor("minor_npc", _lazy("minor_npc", "MinorNpcEditor"))
register_editor("hazard", _lazy("obstacles", "HazardEditor"))
register_editor("block", _lazy("obstacles", "BlockEditor"))
register_editor("distraction", _lazy("obstacles", "DistractionEditor"))
register_editor("countdown", _lazy("countdown", "CountdownEditor"))
register_editor("scene", _lazy("scene", "SceneEditor"))
register_editor("session", _lazy("sessions", "SessionEditor"))
register_editor("arc", _lazy("sessions", "ArcEditor"))
register_editor("monster", _lazy("monster", "MonsterEditor"))

"""The cluster wing: several ``pasur serve`` processes sharing their tables through Redis.

:class:`~pasur.server.cluster.ownership.RedisOwnership` is what a table manager is given instead
of the one-process default: leases say which process writes each table
(:mod:`~pasur.server.cluster.leases`, renewed by a small process beside each server:
:mod:`~pasur.server.cluster.keeper`), commands go to the writer and events come back over
pub/sub (:mod:`~pasur.server.cluster.bus`, in the typed :mod:`~pasur.server.cluster.messages`),
and the other processes keep replicas (:mod:`~pasur.server.cluster.replicas`).
"""

"""What an operator watches, per bot process, for Prometheus (prometheus-client).

The numbers are always counted (a counter is an addition); they are served on
`http://0.0.0.0:<port>/metrics` only when `TABLETOP_METRICS_PORT` is set. Each process of a
sharded bot serves its own, labelled with its shards, and Prometheus adds them up.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server
from prometheus_client.metrics_core import Metric

REGISTRY = CollectorRegistry()  # ours alone: no process or platform collectors, nothing global

ACTIONS = Counter("tabletop_actions", "Game actions accepted (players, computers and timers)", ["game"],
                  registry=REGISTRY)
REFUSALS = Counter("tabletop_refusals", "Actions refused by the rules or the table", ["game"], registry=REGISTRY)
RENDER_SECONDS = Histogram("tabletop_render_seconds", "Time to draw and encode one board picture", ["game"],
                           buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1.0), registry=REGISTRY)
OPEN_TABLES = Gauge("tabletop_open_tables", "Lobbies and games being played on this process's shards",
                    registry=REGISTRY)
TIMER_LAG = Histogram("tabletop_timer_lag_seconds", "How late a deadline fired (after downtime: how long it waited)",
                      buckets=(0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 60, 600), registry=REGISTRY)
RATE_LIMITED = Counter("tabletop_discord_429", "Requests Discord answered with 429 Too Many Requests",
                       registry=REGISTRY)


class CountRateLimits(logging.Handler):
    """discord.py waits out a 429 and logs it (discord.http, WARNING): each such line is one 429.
    The library has no event for it; its log is its public account of one."""

    def emit(self, record: logging.LogRecord) -> None:
        if "responded with 429" in record.getMessage():
            RATE_LIMITED.inc()


def serve(port: int, shards: str) -> None:
    """Serve /metrics on `port` (a thread of prometheus-client), every series labelled with the shards."""
    logging.getLogger("discord.http").addHandler(CountRateLimits(logging.WARNING))
    start_http_server(port, registry=_Labelled(shards))


class _Labelled(CollectorRegistry):
    """REGISTRY as served: each sample carries `shards`, so the processes of one bot are told apart."""

    def __init__(self, shards: str) -> None:
        super().__init__(auto_describe=False)
        self.shards = shards

    def collect(self) -> Iterator[Metric]:
        for family in REGISTRY.collect():
            family.samples = [sample._replace(labels={**sample.labels, "shards": self.shards})
                              for sample in family.samples]
            yield family

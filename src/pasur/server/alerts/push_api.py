"""Web Push's REST calls (docs/protocol.md section 3a, docs/alerts.md): the server's public VAPID
key, and a guest's browsers subscribing and unsubscribing.

``GET /api/push/vapid-key``; ``POST /api/push/subscriptions`` with the browser's
``PushSubscription.toJSON()``; ``DELETE /api/push/subscriptions`` with ``{"endpoint": …}``. The
body is strict (a missing key, a key of the wrong length: FastAPI's 422); the endpoint must be a
public ``https`` URL (:mod:`pasur.server.alerts.endpoints`: ``bad_subscription``, 422).
"""

from __future__ import annotations

import base64
import binascii

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, field_validator

from pasur.protocol import ErrorCode
from pasur.server.alerts.endpoints import MAX_ENDPOINT, check_endpoint
from pasur.server.alerts.push_settings import PushSettings
from pasur.server.alerts.subscriptions import Subscription, SubscriptionStore
from pasur.server.alerts.vapid import VapidKeys
from pasur.server.http.guests import Guests
from pasur.server.http.openapi import refusals
from pasur.server.http.state import shared

router = APIRouter(tags=["alerts"])

E = ErrorCode

_STRICT = ConfigDict(extra="forbid", strict=True)


def _key_bytes(text: str, length: int, name: str) -> str:
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError(f"{name} is not base64url") from None
    if len(raw) != length or (name == "p256dh" and raw[0] != 4):
        what = "an uncompressed P-256 point" if name == "p256dh" else f"{length} bytes"
        raise ValueError(f"{name} must be {what}")
    return text


class SubscriptionKeys(BaseModel):
    model_config = _STRICT
    p256dh: str = Field(max_length=200, description="The browser's P-256 public key, base64url.")
    auth: str = Field(max_length=100, description="The browser's 16-byte auth secret, base64url.")

    @field_validator("p256dh")
    @classmethod
    def _p256dh(cls, value: str) -> str:
        return _key_bytes(value, 65, "p256dh")

    @field_validator("auth")
    @classmethod
    def _auth(cls, value: str) -> str:
        return _key_bytes(value, 16, "auth")


class SubscriptionBody(BaseModel):
    """A browser's ``PushSubscription.toJSON()``."""

    model_config = _STRICT
    endpoint: str = Field(max_length=MAX_ENDPOINT, description="The push service's URL.")
    expirationTime: float | None = Field(None, description="Ignored (browsers send null).")
    keys: SubscriptionKeys


class EndpointBody(BaseModel):
    model_config = _STRICT
    endpoint: str = Field(max_length=MAX_ENDPOINT)


@router.get("/api/push/vapid-key", summary="The server's VAPID public key", responses=refusals())
async def vapid_key(request: Request) -> Response:
    """``{"public_key": …}``: the ``applicationServerKey`` a browser subscribes with."""
    return JSONResponse({"public_key": shared(request, "vapid_keys", VapidKeys).public_key})


@router.post(
    "/api/push/subscriptions",
    summary="Send this browser pushes when it is your turn",
    status_code=201,
    responses=refusals(E.BAD_SUBSCRIPTION, E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE, body=True),
)
async def subscribe(request: Request, body: SubscriptionBody) -> Response:
    """Keep the browser's subscription for the guest: pushes go to it when it is their turn."""
    person = shared(request, "guests", Guests).of(request)
    settings = shared(request, "push_settings", PushSettings)
    await check_endpoint(body.endpoint, settings.hosts)
    subscription = Subscription(body.endpoint, body.keys.p256dh, body.keys.auth)
    await shared(request, "push_subscriptions", SubscriptionStore).add(person.id, subscription)
    return JSONResponse({"subscribed": True}, status_code=201)


@router.delete(
    "/api/push/subscriptions",
    summary="Send this browser no more pushes",
    responses=refusals(E.NO_GUEST, E.CROSS_SITE, E.UNAVAILABLE, body=True),
)
async def unsubscribe(request: Request, body: EndpointBody) -> Response:
    """Forget the guest's subscription with that endpoint (``{"deleted": true}`` if it was)."""
    person = shared(request, "guests", Guests).of(request)
    store = shared(request, "push_subscriptions", SubscriptionStore)
    return JSONResponse({"deleted": await store.remove(person.id, body.endpoint)})

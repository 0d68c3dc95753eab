"""A local stand-in for a vLLM server as TRL's ``VLLMClient`` talks to it, over real HTTP on 127.0.0.1:
``GET /health``, ``GET /v1/models`` and ``POST /v1/completions`` with token-id prompts,
``return_token_ids`` and ``return_tokens_as_token_ids`` (the requests ``VLLMClient.generate`` sends),
answered by an ``HFBackend`` over a tiny local model with the request's sampling settings and seed.
Every completions body is kept in ``requests``. Weight-sync endpoints (NCCL) are not served."""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from mpb_env.rollouts.tokens import HFBackend

MODEL_ID = "tiny-local"


class FakeVLLM:
    """``with FakeVLLM(model, tokenizer) as server: VLLMClient(base_url=server.url)``."""

    def __init__(self, model: Any, tokenizer: Any) -> None:
        self.model = model
        self.tokenizer = tokenizer
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()  # one generate at a time: the model is not thread-safe
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:  # quiet
                pass

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def do_GET(self) -> None:  # noqa: N802
                if self.path == "/health":
                    self._send(200, {})
                elif self.path == "/v1/models":
                    self._send(200, {"object": "list", "data": [{"id": MODEL_ID, "object": "model"}]})
                else:
                    self._send(404, {"error": f"no route {self.path}"})

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length))
                if self.path != "/v1/completions":
                    self._send(404, {"error": f"no route {self.path}"})
                    return
                owner.requests.append(body)
                self._send(*owner.complete(body))

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def complete(self, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        prompts = body.get("prompt")
        if body.get("model") != MODEL_ID or not isinstance(prompts, list) or body.get("n", 1) != 1:
            return 400, {"error": "expected the served model, a list of prompts and n=1"}
        if not (body.get("return_token_ids") and body.get("return_tokens_as_token_ids")):
            return 400, {"error": "VLLMClient asks for token ids"}
        if not all(isinstance(p, list) and all(isinstance(t, int) for t in p) for p in prompts):
            return 400, {"error": "this server takes token-id prompts only"}
        backend = HFBackend(
            self.model,
            self.tokenizer,
            temperature=body["temperature"],
            top_p=body["top_p"],
            top_k=body["top_k"] or None,  # vLLM: 0 (or -1) means no top-k
        )
        limit, seed = int(body["max_tokens"]), body.get("seed")
        with self.lock:
            rows = backend.generate(prompts, [limit] * len(prompts), [seed or 0] * len(prompts))
        choices = []
        for i, (prompt, (ids, lps)) in enumerate(zip(prompts, rows, strict=True)):
            tokens = [f"token_id:{t}" for t in ids]
            choices.append(
                {
                    "index": i,
                    "text": self.tokenizer.decode(ids, skip_special_tokens=True),
                    "prompt_token_ids": prompt,
                    "token_ids": ids,
                    "finish_reason": "stop" if ids and ids[-1] in backend.stop_ids else "length",
                    "logprobs": {
                        "tokens": tokens,
                        "token_logprobs": lps,
                        "top_logprobs": [{t: lp} for t, lp in zip(tokens, lps, strict=True)],
                        "text_offset": [0] * len(ids),
                    },
                }
            )
        return 200, {"id": "cmpl-test", "object": "text_completion", "model": MODEL_ID, "choices": choices}

    def __enter__(self) -> FakeVLLM:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

// Drives the built client against a live `pocketeval serve` (POCKETEVAL_URL, POCKETEVAL_KEY)
// and a canned OpenAI-compatible model (MODEL_URL): import items, score predictions, start a
// run and follow it to the end.
import assert from "node:assert/strict";
import test from "node:test";

import { followRun, pocketeval } from "../dist/index.js";

const options = { baseUrl: process.env.POCKETEVAL_URL, apiKey: process.env.POCKETEVAL_KEY };
const api = pocketeval(options);

test("import, score, run, follow", async () => {
  const created = await api.POST("/benchmarks", { body: { name: "ts-quiz", kind: "mcq" } });
  assert.equal(created.response.status, 201);
  const items = [0, 1, 2, 3].map((i) => ({
    id: `q${i}`, question: `Question ${i}?`, choices: ["w", "x", "y", "z"],
    answer: "ABCD"[i], subject: "general",
  }));
  const imported = await api.POST("/benchmarks/{name}/items:import", {
    params: { path: { name: "ts-quiz" } }, body: { items },
  });
  assert.equal(imported.response.status, 200, JSON.stringify(imported.error));

  const page = await api.GET("/benchmarks/{name}/items", {
    params: { path: { name: "ts-quiz" }, query: { limit: 10 } },
  });
  assert.equal(page.data.items.length, 4);
  const predictions = page.data.items.map((item, i) => ({
    item_id: item.id, answer: i < 3 ? item.answers[0] : "A",
  }));
  const scored = await api.POST("/benchmarks/{name}/score", {
    params: { path: { name: "ts-quiz" } }, body: { model: "ts-model", predictions },
  });
  assert.equal(scored.data.metrics.accuracy, 0.75);

  const bad = await api.POST("/benchmarks/{name}/score", {
    params: { path: { name: "ts-quiz" } },
    body: { predictions: [{ item_id: page.data.items[0].id, answer: false }] },
  });
  assert.equal(bad.response.status, 422);
  assert.equal(bad.response.headers.get("content-type"), "application/problem+json");

  const run = await api.POST("/runs", {
    body: {
      model: { name: "canned", base_url: process.env.MODEL_URL },
      benchmarks: ["ts-quiz"], repeats: 2, concurrency: 2,
    },
  });
  assert.equal(run.response.status, 202, JSON.stringify(run.error));
  const events = [];
  for await (const event of followRun(options, run.data.id)) events.push(event);
  assert.equal(events[0].event, "status");
  assert.equal(events.at(-1).event, "finished");
  assert.equal(events.filter((e) => e.event === "sample").length, 8);

  const status = await api.GET("/runs/{run_id}", { params: { path: { run_id: run.data.id } } });
  assert.equal(status.data.status, "finished");
  assert.equal(status.data.progress.done, 8);
  assert.equal(status.data.config_sha256.length, 64);
});

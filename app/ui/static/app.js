// Shared helpers of the PocketEval pages: API calls, number formats, DOM building.
"use strict";

const PE = {
  key() {
    return window.localStorage.getItem("pocketeval-key");
  },

  async api(path) {
    const headers = { Accept: "application/json" };
    const key = PE.key();
    if (key) headers.Authorization = `Bearer ${key}`;
    const response = await fetch(path, { headers });
    const body = await response.json();
    if (!response.ok) {
      const error = new Error(body.detail || response.statusText);
      error.problem = body;
      error.status = response.status;
      throw error;
    }
    return body;
  },

  async download(path, name) {
    // a file behind the API key: fetched with it, then saved under `name`
    const key = PE.key();
    const response = await fetch(path, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
    const url = URL.createObjectURL(await response.blob());
    const save = Object.assign(document.createElement("a"), { href: url, download: name });
    save.click();
    URL.revokeObjectURL(url);
  },

  pct(value, digits = 1) {
    return value === null || value === undefined ? "–" : `${(100 * value).toFixed(digits)}%`;
  },

  signedPct(value, digits = 1) {
    if (value === null || value === undefined) return "–";
    const text = `${(100 * value).toFixed(digits)} pt`;
    return value > 0 ? `+${text}` : text;
  },

  interval(ci, digits = 1) {
    return ci ? `[${PE.pct(ci.low, digits)}, ${PE.pct(ci.high, digits)}]` : "";
  },

  // an accuracy's interval with the method that made it, alike on every page
  ciText(ci) {
    return ci ? `${PE.interval(ci)} ${ci.method}` : "";
  },

  number(value, digits = 3) {
    if (value === null || value === undefined) return "–";
    return value < 0.001 && value > 0 ? value.toExponential(1) : value.toFixed(digits);
  },

  gib(bytes) {
    return bytes === null || bytes === undefined ? "–" : `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  },

  el(tag, attrs = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attrs)) {
      if (value === null || value === undefined || value === false) continue;
      if (name === "text") node.textContent = value;
      else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
      else node.setAttribute(name, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },

  showError(where, error) {
    const box = document.getElementById(where);
    box.textContent = error.message;
    box.hidden = false;
  },

  params() {
    return new URLSearchParams(window.location.search);
  },

  errorBars(cis, values) {
    return {
      type: "data",
      symmetric: false,
      array: cis.map((ci, i) => (ci ? ci.high - values[i] : 0)),
      arrayminus: cis.map((ci, i) => (ci ? values[i] - ci.low : 0)),
    };
  },

  plot(id, data, layout) {
    const base = { margin: { t: 30, r: 20, b: 60, l: 60 }, font: { size: 12 } };
    return window.Plotly.newPlot(id, data, { ...base, ...layout }, { displayModeBar: false,
                                                                     responsive: true });
  },
};

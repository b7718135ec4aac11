// For what starts a shop and wants its whole demo catalog (the journeys, the server-process
// tests, the bench): a first start answers /health once the home page's parts are in and loads
// the rest, then the vehicles' fitments, while it serves (docs/decisions/034).

const dataOf = async (url) => (await (await fetch(url)).json()).data ?? null;
const pause = () => new Promise((resolve) => setTimeout(resolve, 200));

/**
 * Resolves once the shop at `baseUrl` has no demo catalog loading. When one was loading, also
 * waits for the fitments that follow it (the vehicle list fills at the end).
 */
export async function demoCatalogReady(baseUrl, timeoutMs = 300_000) {
  const api = `${baseUrl}/api/v1`;
  const deadline = Date.now() + timeoutMs;
  const loading = (await dataOf(`${api}/catalog/demo-progress`)) !== null;
  if (!loading) return;
  while ((await dataOf(`${api}/catalog/demo-progress`)) !== null) {
    if (Date.now() > deadline) throw new Error(`the demo catalog did not load in ${timeoutMs} ms`);
    await pause();
  }
  while (((await dataOf(`${api}/vehicles/years`)) ?? []).length === 0) {
    if (Date.now() > deadline) throw new Error(`the demo fitments did not load in ${timeoutMs} ms`);
    await pause();
  }
}

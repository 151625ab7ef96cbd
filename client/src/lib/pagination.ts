/**
 * fetchMore's merge for a list shown a page at a time ("Show more"): the connection at `key`
 * becomes the next page's, with its edges after the ones already shown.
 */
export function appendPage<K extends string>(key: K) {
  return <Q extends { [P in K]: { edges: readonly unknown[] } }>(prev: Q, { fetchMoreResult }: { fetchMoreResult: Q }): Q => ({
    ...prev,
    [key]: { ...fetchMoreResult[key], edges: [...prev[key].edges, ...fetchMoreResult[key].edges] },
  });
}

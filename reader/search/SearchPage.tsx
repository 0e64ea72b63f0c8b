/** Full search page /search (stub until the search worker lands). */
export function SearchPage() {
  return <div className="state-page search-page"><h1>Search the documentation</h1></div>;
}

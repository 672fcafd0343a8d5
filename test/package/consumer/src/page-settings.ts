/** What the test gives every framework page in its query string: the fake model's URL, the Data server's, the question. */
export function pageSettings(): {endpoint: string; dataUrl: string; question: string} {
  const query = new URLSearchParams(location.search);
  return {endpoint: query.get('llm') ?? '', dataUrl: query.get('data') ?? '', question: query.get('question') ?? 'How many airports?'};
}

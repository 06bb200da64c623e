/** The URL of a lab page with a query, as the app writes it (#/lab/<id>?k=v). */
export function labUrl(lab: string, query: Record<string, string | number> = {}): string {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/#/lab/${lab}${qs ? `?${qs}` : ''}`;
}

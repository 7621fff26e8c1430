/**
 * A query value written as `URLSearchParams` writes it (application/x-www-form-urlencoded: a space is "+", and
 * `!'()~` are escaped too), without making one per link.
 */
export function formValue(value: string): string {
  return encodeURIComponent(value).replace(/%20|[!'()~]/g, (part) =>
    part === "%20" ? "+" : `%${part.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** spec 2: a destination's own plans, `/plp?categoryCode={code}&categoryName={name}` (unprefixed). */
export function destinationPlansPath(code: string, name: string): string {
  return `/plp?categoryCode=${formValue(code)}&categoryName=${formValue(name)}`;
}

/**
 * JSON for inside an HTML `<script>` element (a page's data, JSON-LD): `<` escaped, so text such
 * as a product name holding `</script>` cannot end the element early; U+2028/U+2029 escaped too.
 * Shared by the server's first HTML and the web's server-rendered head.
 */
export function scriptSafe(json: string): string {
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

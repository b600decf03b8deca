// Field names and JSON Pointers (RFC 6901) are two spellings of one location; every field error
// gets both, whichever one its dialect sent.

/**
 * `items[0].price` -> `/items/0/price`, `meta["x.y"]` -> `/meta/x.y`, `card[number]` (Stripe) ->
 * `/card/number`, `$.age` (ASP.NET's System.Text.Json paths) -> `/age`.
 */
export function toPointer(field: string): string {
  return field
    .replace(/^\$(?![\w$])\.?/, '')
    .replace(/\["((?:[^"\\]|\\.)*)"\]|[[.]?([^.[\]]+)\]?/g, (_, quoted: string | undefined, plain: string) =>
      `/${(quoted ?? plain).replace(/~/g, '~0').replace(/\//g, '~1')}`,
    );
}

/**
 * `/items/0/price` -> `items[0].price`. JSON:API's `/data/attributes/` prefix names where the
 * attribute sits in its document, not the field, so it is dropped from the name (not the pointer).
 */
export function fromPointer(pointer: string): string {
  return pointer
    .replace(/^\/data\/(?:attributes|relationships)(?=\/)/, '')
    .slice(1)
    .replace(/\/(\d+)(?=\/|$)/g, '[$1]')
    .replace(/\//g, '.')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

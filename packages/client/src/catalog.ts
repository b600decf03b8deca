/**
 * The code names of a catalog object, for `ApiError<CatalogCodes<typeof catalog>>`: the same
 * catalog the service declares, without importing the service's packages.
 *
 * @example
 * const catalog = { widget_locked: { status: 409 } } as const;
 * type Code = CatalogCodes<typeof catalog> | 'not_found'; // 'widget_locked' | 'not_found'
 * const error = await ApiError.fromResponse<Code>(response);
 */
export type CatalogCodes<T> = Extract<keyof T, string>;

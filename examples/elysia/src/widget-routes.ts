// The widget routes of one prefix, each with what @elysiajs/openapi documents of it: its summary
// and operationId (the service kit's names), its parameters, body and success, and the error codes
// it answers itself (`errorResponses`, in the shape the contract answers its path with). The
// contract's own answers (401, 406, 429, 500; 400, 413 and 415 with a body) are added to the
// document by `withErrorResponses` (openapi.ts).
import { type ErrorContract, notFound } from '@error-contract/core';
import { ERROR_CODES_EXTENSION } from '@error-contract/core/openapi';
import { errorResponses } from '@error-contract/elysia';
import { authenticate, noSuchWidget, requireWriter, widgetInput, type WidgetStore } from '@error-contract/service-kit';
import { Elysia, t } from 'elysia';
import { writerJsonBody } from './json-body.js';

/** The schemas the routes name, `#/components/schemas/Widget` and `WidgetInput` in the document. */
const widgetModels = new Elysia({ name: 'widget-models' }).model({
  Widget: t.Object({ id: t.String(), name: t.String(), price: t.Optional(t.Number({ minimum: 0 })) }, { description: 'A widget' }),
  WidgetInput: widgetInput,
});

// Elysia names a model by this `$id`: an array of them refers to it so
const WIDGET_REF = '#/components/schemas/Widget';

/** An operation that answers no code of its own: without it, the document would list every code it may answer. */
const DECLARES_NONE = { [ERROR_CODES_EXTENSION]: [] };

function requireWriterOf(request: Request): void {
  requireWriter(authenticate(request.headers.get('authorization')));
}

/** The widget routes, as mounted under `prefix` (`/api/client/v1`: operationIds `v1ListWidgets`, ...). */
export function widgetRoutes(prefix: string, store: WidgetStore, contract: ErrorContract) {
  const version = prefix.slice(prefix.lastIndexOf('/') + 1);
  const path = (route: string) => ({ path: `${prefix}${route}` });
  return new Elysia({ prefix })
    .use(widgetModels)
    .get('/widgets', () => store.list(), {
      detail: { operationId: `${version}ListWidgets`, summary: 'The widgets', ...DECLARES_NONE },
      response: { 200: t.Array(t.Ref(WIDGET_REF), { description: 'The widgets' }) },
    })
    .get('/widgets/:id', ({ params }) => {
      const widget = store.get(params.id);
      if (widget === undefined) throw notFound(noSuchWidget(params.id));
      return widget;
    }, {
      detail: { operationId: `${version}GetWidget`, summary: 'One widget' },
      response: { 200: 'Widget', ...errorResponses(contract, { 404: ['not_found'] }, path('/widgets/:id')) },
    })
    .post('/widgets', ({ body, set }) => {
      set.status = 201;
      return store.create(body);
    }, {
      parse: writerJsonBody,
      body: 'WidgetInput',
      detail: { operationId: `${version}CreateWidget`, summary: 'Creates a widget (writer token only)' },
      response: { 201: 'Widget', ...errorResponses(contract, { 403: ['forbidden'] }, path('/widgets')) },
    })
    .delete('/widgets/:id', ({ params }) => {
      if (!store.delete(params.id)) throw notFound(noSuchWidget(params.id));
      return new Response(null, { status: 204 });
    }, {
      beforeHandle: ({ request }) => requireWriterOf(request),
      detail: { operationId: `${version}DeleteWidget`, summary: 'Deletes a widget (writer token only)' },
      response: errorResponses(contract, { 403: ['forbidden'], 404: ['not_found'] }, path('/widgets/:id')),
    })
    // the 500 to try: no operation of the document
    .get('/fail', () => {
      throw new Error('connection to db-7 failed: password=hunter2');
    }, { detail: { hide: true } });
}

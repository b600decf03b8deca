// The widget routes, one controller per API version (`/api/client/v1` answers compact errors,
// `/v2` detailed ones), described for @nestjs/swagger as Nest users describe theirs. Each route
// names the codes it answers itself with `@ErrorResponses` (the service kit's OPERATION_CODES);
// `withErrorResponses` adds their responses and the contract's own from the contract (openapi.ts).
import { notFound } from '@error-contract/core';
import { ErrorResponses } from '@error-contract/nest/swagger';
import { noSuchWidget, OPERATION_CODES, WidgetStore } from '@error-contract/service-kit';
import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, type Type, UseGuards, UseInterceptors } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import { JsonBody, WidgetInput, WriterOnly } from './after-routing.js';

/** The injection token of the widget store. */
export const STORE = 'WIDGET_STORE';

const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The widgets controller under `prefix` (e.g. `/api/client/v1`). */
export function widgetsController(prefix: string): Type<unknown> {
  const version = prefix.slice(prefix.lastIndexOf('/') + 1);

  @Controller(prefix)
  class WidgetsController {
    constructor(@Inject(STORE) private readonly store: WidgetStore) {}

    @Get('widgets')
    @ApiOperation({ operationId: `${version}ListWidgets`, summary: 'The widgets' })
    @ErrorResponses(...OPERATION_CODES.listWidgets)
    @ApiOkResponse({ description: 'The widgets', schema: { type: 'array', items: schema('Widget') } })
    list() {
      return this.store.list();
    }

    @Get('widgets/:id')
    @ApiOperation({ operationId: `${version}GetWidget`, summary: 'One widget' })
    @ErrorResponses(...OPERATION_CODES.getWidget)
    @ApiParam({ name: 'id', type: 'string' })
    @ApiOkResponse({ description: 'The widget', schema: schema('Widget') })
    one(@Param('id') id: string) {
      const widget = this.store.get(id);
      if (widget === undefined) throw notFound(noSuchWidget(id));
      return widget;
    }

    @Post('widgets')
    @UseGuards(WriterOnly)
    @UseInterceptors(JsonBody)
    @ApiOperation({ operationId: `${version}CreateWidget`, summary: 'Creates a widget (writer token only)' })
    @ErrorResponses(...OPERATION_CODES.createWidget)
    @ApiBody({ required: true, schema: schema('WidgetInput') })
    @ApiCreatedResponse({ description: 'The created widget', schema: schema('Widget') })
    create(@Body(WidgetInput) body: unknown) {
      return this.store.create(body);
    }

    @Delete('widgets/:id')
    @UseGuards(WriterOnly)
    @HttpCode(204)
    @ApiOperation({ operationId: `${version}DeleteWidget`, summary: 'Deletes a widget (writer token only)' })
    @ErrorResponses(...OPERATION_CODES.deleteWidget)
    @ApiParam({ name: 'id', type: 'string' })
    @ApiNoContentResponse({ description: 'Deleted' })
    remove(@Param('id') id: string) {
      if (!this.store.delete(id)) throw notFound(noSuchWidget(id));
    }

    // the failure the conformance suite provokes; not part of the documented API
    @Get('fail')
    @ApiExcludeEndpoint()
    fail() {
      throw new Error('connection to db-7 failed: password=hunter2');
    }
  }
  return WidgetsController;
}

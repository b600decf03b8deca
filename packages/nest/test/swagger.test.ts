// `@ErrorResponses(...codes)` on a Nest route: the document @nestjs/swagger builds carries the
// route's own codes (`x-error-codes`), and withErrorResponses lists exactly what each operation
// answers. Decorators are applied as functions, as TypeScript's own emit would.
import 'reflect-metadata';
import { createErrorContract } from '@error-contract/core';
import { withErrorResponses } from '@error-contract/core/openapi';
import { Body, Controller, Get, type INestApplication, Module, Param, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiBody, DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorResponses } from '../src/swagger.js';

class Widgets {
  list() {
    return [];
  }
  one(id: string) {
    return { id };
  }
  create(body: unknown) {
    return body;
  }
}

function decorate(method: keyof Widgets, ...decorators: MethodDecorator[]) {
  const descriptor = Object.getOwnPropertyDescriptor(Widgets.prototype, method)!;
  Reflect.decorate(decorators, Widgets.prototype, method, descriptor);
}
decorate('list', Get(), ErrorResponses());
decorate('one', Get(':id'), ErrorResponses('not_found', 'not_found'));
Param('id')(Widgets.prototype, 'one', 0);
decorate('create', Post(), ApiBody({ schema: { type: 'object' } }), ErrorResponses<'widget_locked'>('forbidden', 'widget_locked'));
Body()(Widgets.prototype, 'create', 0);
Reflect.decorate([Controller('widgets')], Widgets);
class App {}
Reflect.decorate([Module({ controllers: [Widgets] })], App);

const contract = createErrorContract({ accept: 'strict', catalog: { widget_locked: { status: 409, title: 'Widget locked' } } });

describe('ErrorResponses(...codes) with @nestjs/swagger', () => {
  let app: INestApplication;
  let document: Record<string, any>;
  beforeAll(async () => {
    app = await NestFactory.create(App, { logger: false });
    await app.init();
    const config = new DocumentBuilder().setOpenAPIVersion('3.1.0').setTitle('Widgets').setVersion('1').build();
    document = withErrorResponses(SwaggerModule.createDocument(app, config), contract);
  });
  afterAll(() => app.close());

  it("puts the route's codes in its operation's x-error-codes, once each", () => {
    expect(document.paths['/widgets/{id}'].get['x-error-codes']).toEqual(['not_found']);
    expect(document.paths['/widgets'].get['x-error-codes']).toEqual([]);
  });

  it('withErrorResponses then lists exactly what each operation answers', () => {
    const errors = (operation: { responses: Record<string, unknown> }) => Object.keys(operation.responses).filter((status) => status >= '400');
    expect(errors(document.paths['/widgets'].get)).toEqual(['406', '500']);
    expect(errors(document.paths['/widgets/{id}'].get)).toEqual(['404', '406', '500']);
    expect(errors(document.paths['/widgets'].post)).toEqual(['400', '403', '406', '409', '500']);
    expect(document.paths['/widgets'].post.responses['409']).toEqual({ $ref: '#/components/responses/widget_locked' });
  });
});

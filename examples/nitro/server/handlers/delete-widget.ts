import { notFound } from '@error-contract/core';
import { noSuchWidget, type Role, requireWriter } from '@error-contract/service-kit';
import { defineHandler } from 'nitro';
import { widgets } from '../utils/service.ts';
import { widgetId } from '../utils/widget-id.ts';

export default defineHandler((event) => {
  requireWriter(event.context.role as Role | undefined);
  const id = widgetId(event);
  if (!widgets.delete(id)) throw notFound(noSuchWidget(id));
  return new Response(null, { status: 204 });
});

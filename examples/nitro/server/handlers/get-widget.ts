import { notFound } from '@error-contract/core';
import { noSuchWidget } from '@error-contract/service-kit';
import { defineHandler } from 'nitro';
import { widgets } from '../utils/service.ts';
import { widgetId } from '../utils/widget-id.ts';

export default defineHandler((event) => {
  const id = widgetId(event);
  const widget = widgets.get(id);
  if (widget === undefined) throw notFound(noSuchWidget(id));
  return Response.json(widget);
});

// /widgets/:id under each prefix: GET reads, DELETE (writers) removes; an absent id is 404.
import { notFound } from '@error-contract/core';
import { authenticate, noSuchWidget, requireWriter } from '@error-contract/service-kit';
import { errors } from '@/lib/errors';
import { widgets } from '@/lib/service';

type Context = { params: Promise<{ id: string }> };

export const { GET, DELETE } = errors.route<Context>({
  async GET(_request, { params }) {
    const { id } = await params;
    const widget = widgets().get(id);
    if (widget === undefined) throw notFound(noSuchWidget(id));
    return Response.json(widget);
  },
  async DELETE(request, { params }) {
    requireWriter(authenticate(request.headers.get('authorization')));
    const { id } = await params;
    if (!widgets().delete(id)) throw notFound(noSuchWidget(id));
    return new Response(null, { status: 204 });
  },
});

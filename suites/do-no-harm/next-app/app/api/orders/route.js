import { route } from '../../../lib/errors.js';

// A POST-only module, exporting what errors.route() gives a module without GET (GET for the
// contract's 405, OPTIONS for Next's own answer naming only POST): without the contract, GET and
// OPTIONS are undefined and Next fills them in itself.
export const { GET, OPTIONS, POST } = route({
  async POST(request) {
    const { item } = await request.json();
    return Response.json({ id: 'o1', item }, { status: 201 });
  },
});

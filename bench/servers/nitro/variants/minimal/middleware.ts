export default (event: { req: Request }) => {
  const accept = event.req.headers.get('accept');
  if (!accept || !(accept.includes('json') || accept.includes('*/*') || accept.includes('application/*'))) {
    return new Response(JSON.stringify({ status: 406, code: 'not_acceptable', message: 'Send Accept: application/json.' }), { status: 406, headers: { 'content-type': 'application/json' } });
  }
  return undefined;
};

import { errors } from '../../lib/errors';

export const dynamic = 'force-dynamic';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = errors.notFoundRoute;

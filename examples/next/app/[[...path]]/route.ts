// Every path no other route module has: the contract's 404 (the whole service is an API).
import { errors } from '@/lib/errors';

export const { GET, HEAD, OPTIONS, POST, PUT, PATCH, DELETE } = errors.notFoundRoute;

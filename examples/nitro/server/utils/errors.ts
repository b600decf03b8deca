// The contract, made once and imported by the error handler, the middleware and the routes.
import { errorContract } from '@error-contract/nitro';
import { serviceContract } from '@error-contract/service-kit';
import { serviceLog } from './service.ts';

export const errors = errorContract(serviceContract({ log: serviceLog }));

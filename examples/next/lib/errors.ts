// The contract, made once and imported by the proxy and every route module.
import { errorContract } from '@error-contract/next';
import { serviceContract } from '@error-contract/service-kit';
import { serviceLog } from './service';

export const errors = errorContract(serviceContract({ log: serviceLog }));

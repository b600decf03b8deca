// The conformance table against the reference service built and run by Next 15.
import { describeConformance } from '@error-contract/conformance';
import { startService } from '../src/server.js';

describeConformance('next 15', { start: startService });

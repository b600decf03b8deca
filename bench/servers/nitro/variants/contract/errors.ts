import { errorContract } from '@error-contract/nitro';

export const errors = errorContract({
  typeBaseUrl: 'https://docs.example.com/errors/',
  accept: 'strict',
  onError: (error, problem) => {
    if (problem.status >= 500) console.error(error);
  },
});

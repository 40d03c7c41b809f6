import { describeTrpcBadInput } from './bad-input-trpc';

describeTrpcBadInput('signed in as an operator', 'clinic set-up');

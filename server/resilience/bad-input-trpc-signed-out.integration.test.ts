import { describeTrpcBadInput } from './bad-input-trpc';

describeTrpcBadInput('signed out');

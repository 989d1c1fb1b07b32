import { configure } from '@testing-library/react';

// How long findBy… and waitFor wait for the screen before failing. Testing Library's 1 s was
// too short on a loaded two-core machine for a screen whose action first loads a module of its
// own (a document download imports its file maker on first use): a passing test is no slower.
configure({ asyncUtilTimeout: 5_000 });

import { freshDocument } from './fresh-document';

// The screen tests share one document per worker (a new jsdom per file was three quarters of the
// step's time): each file starts on it as it would on a document of its own. The few files in the
// node environment have no document to put back.
if (typeof document !== 'undefined') freshDocument();

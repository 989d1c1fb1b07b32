// The request binding lives with the other machine bindings in src/services; screens import it from here too.
export { useRequest, type RequestOptions } from '../../services/use-request';

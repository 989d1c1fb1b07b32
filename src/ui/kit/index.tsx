import * as RadixDialog from '@radix-ui/react-dialog';
import * as RadixTabs from '@radix-ui/react-tabs';
import {
  forwardRef,
  useId,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import './tokens.css';
import './kit.css';
import { DateField } from './date-field';
import { Spinner } from './spinner';
import { passwordStrength, passwordStrengthText } from '../../domain/password-strength';

// The kit: every screen builds from these, so focus, labels and errors look and behave alike.

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  busy?: boolean;
  block?: boolean;
};

/** The button look, for links that act as buttons (react-router Link, a download anchor). */
export function buttonClass(variant: ButtonProps['variant'] = 'primary', block = false): string {
  return `btn btn-${variant}${block ? ' btn-block' : ''}`;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', busy = false, block = false, className = '', children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={`${buttonClass(variant, block)} ${className}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <span className="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
});

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  hint?: string;
  prefix?: string;
  /** a new password's field: shows how strong the typed password is (Weak, Medium, Strong) */
  strength?: boolean;
};

const PlainTextField = forwardRef<HTMLInputElement, TextFieldProps>(function PlainTextField(
  { label, error, hint, prefix, id, className = '', strength = false, ...rest },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const typed = typeof rest.value === 'string' ? rest.value : '';
  // an empty field's error already asks for a password: the strength line would say it twice
  const showStrength = strength && !(error && !typed);
  const describedBy =
    [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null, showStrength ? `${inputId}-strength` : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className={`field ${className}`}>
      <label htmlFor={inputId}>{label}</label>
      <div className="field-control">
        {prefix && (
          <span className="field-prefix" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          ref={ref}
          id={inputId}
          className="input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...rest}
        />
      </div>
      {hint && (
        <span id={`${inputId}-hint`} className="field-hint">
          {hint}
        </span>
      )}
      {showStrength && (
        <span
          id={`${inputId}-strength`}
          className="password-strength"
          data-strength={passwordStrength(typed) ?? 'none'}
          aria-live="polite"
        >
          {passwordStrengthText(typed)}
        </span>
      )}
      {error && (
        <span id={`${inputId}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
});

/** A labelled input; a day (`type="date"`) is a DateField, typed and shown the Indian way. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { type, prefix, strength, ...props },
  ref,
) {
  return type === 'date' ? (
    <DateField ref={ref} {...props} />
  ) : (
    <PlainTextField ref={ref} type={type} prefix={prefix} strength={strength} {...props} />
  );
});

type SelectFieldProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  error?: string | null;
  options: { value: string; label: string }[];
  placeholder?: string;
};

export function SelectField({ label, error, options, placeholder, id, ...rest }: SelectFieldProps) {
  const autoId = useId();
  const selectId = id ?? autoId;
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select
        id={selectId}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-error` : undefined}
        {...rest}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <span id={`${selectId}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function Checkbox({
  label,
  error,
  ...rest
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; error?: string | null }) {
  const id = useId();
  return (
    <div>
      <div className="check">
        <input type="checkbox" id={id} aria-invalid={error ? true : undefined} {...rest} />
        <label htmlFor={id}>{label}</label>
      </div>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

export function Card({
  children,
  className = '',
  ...rest
}: { children: ReactNode; className?: string } & React.HTMLAttributes<HTMLElement>) {
  return (
    <section className={`card ${className}`} {...rest}>
      {children}
    </section>
  );
}

export { Spinner };

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  wide?: boolean;
  /** the button that opens it: focus goes back to it when the dialog closes */
  trigger?: ReactNode;
  children: ReactNode;
}) {
  // A dialog opened by a button outside it (most are: the screen holds `open`) has no Radix trigger
  // to return to, and Radix would leave focus on the page's body: return it to the element that had
  // focus when the dialog opened, or, when that is gone (the row it sat in changed), to the main heading.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog-content${wide ? ' dialog-wide' : ''}`}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (trigger) return;
            event.preventDefault();
            returnFocus(opener.current);
          }}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="muted">{description}</RadixDialog.Description>
          ) : (
            <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Focus back to where it was before a dialog opened; the page's main heading when that element has left the page. */
function returnFocus(opener: HTMLElement | null) {
  if (opener?.isConnected && opener !== document.body) {
    opener.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/** Are you sure? for destructive actions: names what goes, confirms with a danger button. */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()} title={title}>
      <p>{message}</p>
      <div className="row dialog-actions">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Keep it
        </Button>
      </div>
    </Dialog>
  );
}

export const Tabs = {
  Root: RadixTabs.Root,
  List: (props: RadixTabs.TabsListProps) => <RadixTabs.List className="tabs-list" {...props} />,
  Trigger: (props: RadixTabs.TabsTriggerProps) => <RadixTabs.Trigger className="tabs-trigger" {...props} />,
  Content: RadixTabs.Content,
};

export function Badge({
  tone = 'brand',
  children,
}: {
  tone?: 'brand' | 'success' | 'warning' | 'danger';
  children: ReactNode;
}) {
  return <span className={`badge${tone === 'brand' ? '' : ` badge-${tone}`}`}>{children}</span>;
}

/** An inline message inside a page or form (the global banner is notify()). */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info' | 'warning'; children: ReactNode }) {
  return (
    <div className={`alert alert-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A labelled progress bar (0–100), its percent said above it. */
export function ProgressBar({ label, value }: { label: string; value: number }) {
  return (
    <div className="stack">
      <span className="small-print">
        {label}: {value}%
      </span>
      <div
        className="progress"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
      >
        <div className="progress-bar" style={{ width: `${value}%` }} />
      </div>
    </div>
  );
}

/** A labelled figure on a landing page. */
export function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value">{value}</span>
    </div>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** A captioned table that scrolls sideways on small screens; 'No results found' when empty. */
export interface DataTableProps<T> {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  empty?: string;
  /** a column's header content (a sort button); default its text */
  header?: (column: Column<T>) => { content: ReactNode; sort?: 'ascending' | 'descending' };
  /** the first load: a spinner instead of rows */
  loading?: boolean;
  busy?: boolean;
  /** attributes of a row's <tr> (a keyboard cursor's class and aria-current) */
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement>;
}

/** A captioned table; on phones each row is a card of labelled lines; 'No results found' when empty. */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty = 'No results found',
  header,
  loading = false,
  busy = false,
  rowProps,
}: DataTableProps<T>) {
  return (
    <div
      className="table-wrap"
      tabIndex={0}
      role="region"
      aria-label={caption}
      aria-busy={busy || loading || undefined}
    >
      <table className="table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => {
              const h = header?.(c);
              return (
                <th key={c.header} scope="col" aria-sort={h?.sort}>
                  {h ? h.content : c.header}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {loading || rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="table-empty">
                {loading ? <Spinner /> : empty}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row)} {...rowProps?.(row, i)}>
                {columns.map((c) => (
                  <td key={c.header} data-label={c.header}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Loading, failure with retry, or the content: the three faces of a page that loads data. */
export function Loadable({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  children: () => ReactNode;
}) {
  if (loading) return <Spinner />;
  if (error)
    return (
      <Alert>
        <span>{error}</span>{' '}
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </Alert>
    );
  return <>{children()}</>;
}

/**
 * A drop zone for one file: drop it on the zone, or click (or press Enter on) the zone to choose it.
 * The file input inside carries the label, so screen readers and tests reach it by its name.
 */
export const DropZone = forwardRef<
  HTMLInputElement,
  {
    label: string;
    hint: ReactNode;
    accept: string;
    disabled?: boolean;
    chosen?: ReactNode;
    onFile: (file: File) => void;
  }
>(function DropZone({ label, hint, accept, disabled = false, chosen, onFile }, ref) {
  const id = useId();
  const [over, setOver] = useState(false);
  return (
    <div className="field">
      <label
        htmlFor={id}
        className={`drop-zone${over ? ' is-over' : ''}${disabled ? ' is-disabled' : ''}`}
        onDragOver={(e) => {
          if (disabled) return;
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          const file = e.dataTransfer.files?.[0];
          if (file && !disabled) onFile(file);
        }}
      >
        <span className="drop-zone-title">{label}</span>
        <span className="drop-zone-hint" id={`${id}-hint`}>
          {hint}
        </span>
        {chosen && <span className="field-hint">{chosen}</span>}
      </label>
      <input
        ref={ref}
        id={id}
        type="file"
        aria-label={label}
        aria-describedby={`${id}-hint`}
        className="visually-hidden"
        accept={accept}
        disabled={disabled}
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          // choosing the same file again (after fixing it) is a new choice
          e.target.value = '';
        }}
      />
    </div>
  );
});

/**
 * A dialog holding one form: its fields, the save's error (when no field shows it) and Save/Cancel.
 * Every add/edit dialog of the Setup area is one of these.
 */
export function FormDialog({
  title,
  wide = false,
  onClose,
  onSubmit,
  error,
  saving,
  saveLabel,
  children,
}: {
  title: string;
  wide?: boolean;
  onClose: () => void;
  onSubmit: () => void;
  /** the save's failure, shown above the buttons; pass null while a field shows it */
  error?: string | null;
  saving: boolean;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()} title={title} wide={wide}>
      <form
        noValidate
        aria-label={title}
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
        {error && <Alert>{error}</Alert>}
        <div className="row dialog-actions">
          <Button type="submit" busy={saving}>
            {saveLabel}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

export interface RowAction {
  /** the button's text */
  label: string;
  /** its spoken name, naming the row ("Edit Shoe box") */
  name: string;
  onClick: () => void;
  variant?: 'primary' | 'secondary' | 'ghost';
  disabled?: boolean;
}

/**
 * A table row's small buttons, two by two so a wide table keeps the row's first columns in view
 * (focus returning to an action after a dialog would otherwise scroll them away). `false` skips one.
 */
export function RowActions({ actions }: { actions: (RowAction | false)[] }) {
  return (
    <div className="table-actions">
      {actions.map(
        (a) =>
          a && (
            <Button
              key={a.label}
              className="btn-small"
              variant={a.variant ?? 'secondary'}
              disabled={a.disabled}
              onClick={a.onClick}
              aria-label={a.name}
            >
              {a.label}
            </Button>
          ),
      )}
    </div>
  );
}

type Dimension = 'length' | 'breadth' | 'height';
const DIMENSIONS: [Dimension, string][] = [
  ['length', 'Length (cm)'],
  ['breadth', 'Breadth (cm)'],
  ['height', 'Height (cm)'],
];

/** Length, breadth and height in cm (a fragment, so they sit in the form's grid). */
export function DimensionFields({
  value,
  errors = {},
  onChange,
}: {
  value: Record<Dimension, string>;
  errors?: Partial<Record<Dimension, string | null | undefined>>;
  onChange: (dimension: Dimension, value: string) => void;
}) {
  return (
    <>
      {DIMENSIONS.map(([d, label]) => (
        <TextField
          key={d}
          label={label}
          inputMode="decimal"
          value={value[d]}
          onChange={(e) => onChange(d, e.target.value)}
          error={errors[d]}
        />
      ))}
    </>
  );
}

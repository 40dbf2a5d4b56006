/** What a line shows: its quantity, its dish, and a set meal's chosen options. */
export interface ShownLine {
  id: number;
  qty: number;
  dish: { title: string };
  complex: readonly { dish: { title: string } }[];
}

/** An order's lines in a table cell: "2 × Soup (bread, salad)", one a row (orders, history). */
export function OrderLines({ lines, className }: { lines: readonly ShownLine[]; className: string }) {
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line.id}>
          {line.qty} × {line.dish.title}
          {line.complex.length > 0 && <span className="muted"> ({line.complex.map((c) => c.dish.title).join(', ')})</span>}
        </li>
      ))}
    </ul>
  );
}

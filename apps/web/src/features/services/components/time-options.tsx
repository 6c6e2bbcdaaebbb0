/** The free slots as options of a time select. */
export function TimeOptions({ slots }: { slots: string[] }) {
  return (
    <>
      {slots.map((slot) => (
        <option key={slot} value={slot}>
          {slot}
        </option>
      ))}
    </>
  );
}

// A generic append-only log with an id index, shared by the steering buffer and the transcript spool.
export abstract class AppendLog<T extends { id: string }> {
  protected records: T[] = [];
  protected readonly messageById = new Map<string, T>();

  /** Number of records currently held. */
  get total(): number {
    return this.records.length;
  }

  protected push(record: T): T {
    this.records.push(record);
    this.messageById.set(record.id, record);
    return record;
  }

  *entriesFrom(start: number): Generator<[number, T]> {
    for (let index = start; index < this.records.length; index++) {
      yield [index, this.records[index]];
    }
  }

  protected drop(): T[] {
    const dropped = this.records;
    this.records = [];
    this.messageById.clear();
    return dropped;
  }
}

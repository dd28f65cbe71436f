// Node 20 lacks Map.groupBy/Object.groupBy (Node 21+); vitest 5's failure reporter calls them. Without this,
// a failing test crashes the reporter instead of printing what failed.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, key) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const k = key(item, index++);
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(item);
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, key) => Object.fromEntries(Map.groupBy(items, key));
}

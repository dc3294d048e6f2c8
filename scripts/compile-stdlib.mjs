// Compile the standard library the offline engine uses to bytecode, for the browser's Python.
//
// Pyodide's npm package ships its standard library as source (python_stdlib.zip), and Python
// imports from a zip without writing bytecode anywhere: every start of the worker compiled the
// ~200 modules Pyodide and the engine import (asyncio, typing, inspect, dataclasses, ...), most of
// the 17 s its first deal took here (docs/performance.md). This writes the same zip with each of
// those modules as an unchecked-hash .pyc in place of its .py (the zip importer takes `name.pyc`
// first); every other module stays source, compiled only if something imports it. The modules
// are those loaded once Pyodide has started and every module of the engine's archive is imported
// (the engine imports nothing inside its functions), so they are read off a real start.
//
// Usage: node scripts/compile-stdlib.mjs PYODIDE_DIR ENGINE_ZIP OUT_ZIP
// (scripts/vendor-pyodide runs it, with the engine archive `pasur serve` would serve.)

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const [pyodideDir, engineZip, outZip] = process.argv.slice(2);
if (!outZip) {
  console.error('usage: node scripts/compile-stdlib.mjs PYODIDE_DIR ENGINE_ZIP OUT_ZIP');
  process.exit(2);
}
const { loadPyodide } = await import(resolve(pyodideDir, 'pyodide.mjs'));
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + '/' });
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), 'zip', { extractDir: '/engine' });
pyodide.runPython(`
import importlib, os, py_compile, sys, zipfile

sys.path.insert(0, '/engine')
for folder, _, files in os.walk('/engine/pasur'):
    package = os.path.relpath(folder, '/engine').replace(os.sep, '.')
    for file in sorted(files):
        if file.endswith('.py'):
            name = package if file == '__init__.py' else f'{package}.{file[:-3]}'
            importlib.import_module(name)

stdlib = f'/lib/python{sys.version_info.major}{sys.version_info.minor}.zip'
loaded = {
    module.__spec__.origin
    for module in list(sys.modules.values())
    if getattr(module, '__spec__', None) and (module.__spec__.origin or '').startswith(stdlib + '/')
}
with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile('/out.zip', 'w', zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for entry in source.infolist():
        if entry.is_dir():
            continue
        path = f'{stdlib}/{entry.filename}'
        if path not in loaded:
            out.writestr(entry, source.read(entry))
            continue
        with open('/tmp/module.py', 'wb') as file:
            file.write(source.read(entry))
        py_compile.compile(
            '/tmp/module.py', cfile='/tmp/module.pyc', dfile=path, doraise=True,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
        )
        compiled = zipfile.ZipInfo(entry.filename + 'c', entry.date_time)
        with open('/tmp/module.pyc', 'rb') as file:
            out.writestr(compiled, file.read(), zipfile.ZIP_DEFLATED)
print(f'{len(loaded)} modules compiled')
`);
writeFileSync(outZip, pyodide.FS.readFile('/out.zip'));

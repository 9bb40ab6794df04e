package predict

import "github.com/looplint/looplint/loop"

// Built-in members and modules later releases added, by the key a program
// reads them by. A key not listed is in every release, so each listed one
// must be the feature's own (TestMemberFeatures).
var (
	promiseStatics = map[string]loop.Feature{
		"allSettled": loop.PromiseAllSettled, "any": loop.PromiseAny, "withResolvers": loop.PromiseWithResolvers,
	}
	arrayMethods = map[string]loop.Feature{
		"at": loop.ArrayAt, "flat": loop.ArrayFlat, "flatMap": loop.ArrayFlatMap,
		"findLast": loop.ArrayFindLast, "findLastIndex": loop.ArrayFindLastIndex,
		"toSorted": loop.ArrayToSorted, "toReversed": loop.ArrayToReversed, "toSpliced": loop.ArrayToSpliced,
		"with": loop.ArrayWith,
	}
	setMethods = map[string]loop.Feature{
		"union": loop.SetUnion, "intersection": loop.SetIntersection, "difference": loop.SetDifference,
		"symmetricDifference": loop.SetSymmetricDifference, "isSubsetOf": loop.SetIsSubsetOf,
		"isSupersetOf": loop.SetIsSupersetOf, "isDisjointFrom": loop.SetIsDisjointFrom,
	}
	builtinModules = map[string]loop.Feature{
		"fs/promises": loop.ModuleFSPromises, "timers/promises": loop.ModuleTimersPromises,
		"assert/strict": loop.ModuleAssertStrict, "stream/promises": loop.ModuleStreamPromises,
	}
)

// lacks reports whether this release lacks key, one of table's.
func (in *Interp) lacks(table map[string]loop.Feature, key string) bool {
	f, gated := table[key]
	return gated && !in.p.Has(f)
}

// hasNamed reports whether this release has the feature of that name; a
// name the table does not hold is in every release.
func (in *Interp) hasNamed(name string) bool {
	f, gated := loop.FeatureNamed(name)
	return !gated || in.p.Has(f)
}

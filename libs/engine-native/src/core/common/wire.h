// A family's problem and budget described by records (as HiGHS describes every option by a
// name/type/bounds/default record read by one generic reader): the binding, the fuzz harness and
// the tests fill one WireArgs by name, and the family's records bind it into its problem view.
// Nothing outside a family's own folder names its fields.
#ifndef SVC_CORE_COMMON_WIRE_H_
#define SVC_CORE_COMMON_WIRE_H_

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <variant>
#include <vector>

namespace svc::core {

// The type of one named field: a typed array, a number, or an enum (a name among `names`, which
// crosses as its index).
enum class WireType : uint8_t { kF64 = 0, kI32 = 1, kU8 = 2, kNumber = 3, kEnum = 4 };

// The length an array field usually has, for the fuzz harness's draws (the family validates it).
enum class WireLength : uint8_t { kAny = 0, kN = 1, kNPlus1 = 2, kNN = 3, kTwoN = 4 };

// What the generic readers need to know of a field.
struct WireSpec {
  // The canonical problem's property ("pairs.i" is `i` of `pairs`); "budget.x" is `x` of the
  // family's budget object instead.
  std::string_view name;
  WireType type = WireType::kF64;
  bool optional = false;  // may be absent (null or undefined)
  WireLength length = WireLength::kAny;
  std::span<const std::string_view> names = {};  // kEnum: the values, in index order
  // kNumber: the range, and whether it must be whole (checked before binding).
  double lo = -1.7976931348623157e308;
  double hi = 1.7976931348623157e308;
  bool whole = false;
};

// One field's value, by its type.
struct WireValue {
  std::span<const double> f64;
  std::span<const int32_t> i32;
  std::span<const uint8_t> u8;
  double number = 0;  // kNumber, or a kEnum's index
};

// A field of problem type P: its spec and where its value goes (an absent optional field is not bound).
template <typename P>
struct WireField {
  WireSpec spec;
  void (*bind)(P& problem, const WireValue& value);
};

// A budget field: a named number in [lo, hi] (whole when `whole`), `def` when absent (NaN:
// required). Booleans cross as 0/1.
struct BudgetSpec {
  std::string_view name;
  double lo = 0;
  double hi = 0;
  bool whole = true;
  double def = std::nan("");
};

template <typename B>
using BudgetMember = std::variant<int32_t B::*, int64_t B::*, uint32_t B::*, double B::*, bool B::*>;

// A budget field of budget struct B.
template <typename B>
struct BudgetField {
  BudgetSpec spec;
  BudgetMember<B> member;
};

// The values of one request by field name (spans into storage the caller keeps alive), and its
// budget as numbers in the order of the family's budget records.
class WireArgs {
 public:
  int32_t n = 0;
  std::vector<double> budget;

  void Set(std::string_view name, const WireValue& value) { fields_.push_back({std::string(name), value}); }

  // nullptr when the field is absent.
  const WireValue* Find(std::string_view name) const {
    for (const auto& [key, value] : fields_) {
      if (key == name) return &value;
    }
    return nullptr;
  }

 private:
  std::vector<std::pair<std::string, WireValue>> fields_;
};

// Decodes a budget given in record order: false with a message naming the first field that is not a
// number in its range (or not whole where it must be).
template <typename B, size_t K>
bool DecodeBudget(std::span<const double> flat, const std::array<BudgetField<B>, K>& fields, B* out,
                  std::string* error) {
  if (flat.size() != K) {
    if (error != nullptr) *error = "budget has " + std::to_string(flat.size()) + " fields, expected " + std::to_string(K);
    return false;
  }
  for (size_t k = 0; k < K; ++k) {
    const BudgetSpec& s = fields[k].spec;
    const double v = flat[k];
    if (!(v >= s.lo && v <= s.hi) || (s.whole && v != std::floor(v))) {
      if (error != nullptr) *error = "budget " + std::string(s.name) + " is out of range";
      return false;
    }
    std::visit(
        [&](auto member) {
          using T = std::remove_reference_t<decltype(out->*member)>;
          out->*member = static_cast<T>(v);
        },
        fields[k].member);
  }
  return true;
}

// The type-erased specs of a record list, WireSpec or BudgetSpec (for the registry, the binding and
// the fuzz harness).
template <const auto& kFields>
auto SpecsOf() {
  using Spec = decltype(std::remove_cvref_t<decltype(kFields)>::value_type::spec);
  static const auto specs = [] {
    std::array<Spec, std::size(kFields)> a{};
    for (size_t k = 0; k < a.size(); ++k) a[k] = kFields[k].spec;
    return a;
  }();
  return std::span<const Spec>(specs);
}

// The name of the record that receives the budget (WireArgs::budget, in budget-record order) rather
// than a field of the problem object.
inline constexpr std::string_view kBudgetField = "@budget";

// No budget records (a family whose work budget travels in SolveOptions).
struct NoBudget {};
inline constexpr std::array<BudgetField<NoBudget>, 0> kNoBudget{};

// Binds every present field of `args` into `p` by the records; false with a message naming a
// required field that is absent.
template <typename P, size_t K>
bool BindWire(const WireArgs& args, const std::array<WireField<P>, K>& fields, P* p, std::string* error) {
  p->n = args.n;
  for (const WireField<P>& f : fields) {
    if (f.spec.name == kBudgetField) {
      WireValue budget;
      budget.f64 = args.budget;
      f.bind(*p, budget);
      continue;
    }
    const WireValue* v = args.Find(f.spec.name);
    if (v == nullptr) {
      if (f.spec.optional) continue;
      if (error != nullptr) *error = "missing field " + std::string(f.spec.name);
      return false;
    }
    const bool number = f.spec.type == WireType::kNumber || f.spec.type == WireType::kEnum;
    const double hi = f.spec.type == WireType::kEnum ? static_cast<double>(f.spec.names.size()) - 1 : f.spec.hi;
    const double lo = f.spec.type == WireType::kEnum ? 0 : f.spec.lo;
    const bool whole = f.spec.whole || f.spec.type == WireType::kEnum;
    if (number && (!(v->number >= lo && v->number <= hi) || (whole && v->number != std::floor(v->number)))) {
      if (error != nullptr) *error = std::string(f.spec.name) + " is out of range";
      return false;
    }
    f.bind(*p, *v);
  }
  return true;
}

}  // namespace svc::core

#endif  // SVC_CORE_COMMON_WIRE_H_
